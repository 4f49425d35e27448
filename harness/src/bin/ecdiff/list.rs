//! `ecdiff list`: every routine with its subject, function, oracle and edge classes.

use super::{Fail, Res};
use clap::Args;
use ecdiff::engine::RoutineInfo;
use ecdiff::routines;

#[derive(Args, Debug)]
pub(crate) struct ListArgs {
    /// One routine name per line (for scripts).
    #[arg(long, conflicts_with = "json")]
    names: bool,
    /// Everything as JSON.
    #[arg(long)]
    json: bool,
}

pub(crate) fn list(a: ListArgs) -> Res {
    let infos: Vec<RoutineInfo> = routines::all().iter().map(|r| r.info()).collect();
    if a.names {
        for i in &infos {
            outln!("{}", i.name);
        }
    } else if a.json {
        let text = serde_json::to_string_pretty(&infos)
            .map_err(|e| Fail(2, format!("cannot encode: {e}")))?;
        outln!("{text}");
    } else {
        let width = infos.iter().map(|i| i.name.len()).max().unwrap_or(0);
        for i in &infos {
            outln!(
                "{:width$}  {} · {} · {} cases by default",
                i.name,
                i.subject,
                i.function,
                i.default_cases
            );
            outln!("{:width$}    oracle:  {}", "", i.oracle);
            let lead = format!("{:width$}    classes: ", "");
            outln!(
                "{lead}{}",
                wrap(&i.classes, 120usize.saturating_sub(lead.len()).max(40)).join(&format!(
                    "\n{:1$}",
                    "",
                    lead.chars().count()
                ))
            );
        }
        outln!("{} routines", infos.len());
    }
    Ok(0)
}

/// Words joined into lines of at most `width` characters (the last line ends with the count).
fn wrap(words: &[&str], width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for w in words {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.len() + 1 + w.len() > width {
            lines.push(String::new());
        }
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if let Some(last) = lines.last_mut() {
        last.push_str(&format!(" ({})", words.len()));
    }
    lines
}
