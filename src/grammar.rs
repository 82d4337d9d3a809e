//! placeholder
pub struct RuleInfo<R: 'static> {
    pub name: &'static str,
    pub rule: R,
    pub abnf: &'static str,
    pub abnf_file: &'static str,
    pub pest: &'static str,
    pub pest_file: &'static str,
}
