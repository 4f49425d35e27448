//! Weierstrass points (pending oracle API).
