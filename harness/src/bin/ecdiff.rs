//! The `ecdiff` command line (in progress).
fn main() {
    eprintln!("ecdiff: the command line is being built");
    std::process::exit(2);
}
