mod abnf;
pub mod grammar;
mod generated {
    include!(concat!(env!("OUT_DIR"), "/grammars.rs"));
}
