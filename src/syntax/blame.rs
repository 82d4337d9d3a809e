//! Which component of a refused reference an error's offset is in: RFC
//! 3986 Appendix B's split of the input, which needs no valid input (a
//! scheme is what precedes the first ":" when no "/", "?" or "#" comes
//! before it; "//" starts an authority that runs to the next "/", "?" or
//! "#"; the path runs to "?" or "#"; the query to "#"), the authority
//! split at its first "@" and, outside brackets, its last ":".

/// The rules whose input is a whole reference of a generic grammar.
const REFERENCE_RULES: &[&str] = &[
    "URI-reference",
    "URI",
    "absolute-URI",
    "relative-ref",
    "IRI-reference",
    "IRI",
    "absolute-IRI",
    "irelative-ref",
    "LEIRI-reference",
    "LEIRI",
    "absolute-LEIRI",
];

/// The component of `input` (refused as `rule`) that holds the byte at
/// `offset`: "scheme", "userinfo", "host", "port", "path", "query" or
/// "fragment" (a delimiter counts with what it ends: the scheme's ":",
/// the "@"), or `None` for another rule. A relative reference has no
/// scheme: the ":" the split would end one at is in its first segment
/// (RFC 3986 section 4.2: "a:b" as a relative-ref is a path whose first
/// segment holds a colon, which `segment-nz-nc` refuses).
pub(crate) fn component_at(rule: &str, input: &str, offset: usize) -> Option<&'static str> {
    if !REFERENCE_RULES.contains(&rule) {
        return None;
    }
    let b = input.as_bytes();
    let first = |from: usize, stops: &[u8]| {
        b.get(from..)
            .and_then(|rest| rest.iter().position(|c| stops.contains(c)))
            .map_or(b.len(), |i| from + i)
    };
    let mut at = 0;
    let colon = first(0, b":/?#");
    let relative = rule.ends_with("relative-ref");
    if !relative && b.get(colon) == Some(&b':') && colon > 0 {
        if offset <= colon {
            return Some("scheme");
        }
        at = colon + 1;
    }
    if b.get(at..).is_some_and(|rest| rest.starts_with(b"//")) {
        let end = first(at + 2, b"/?#");
        if offset < end {
            return Some(authority_part(
                b.get(at + 2..end)?,
                offset.saturating_sub(at + 2),
            ));
        }
        at = end;
    }
    let path_end = first(at, b"?#");
    let query_end = first(path_end, b"#");
    Some(if offset < path_end {
        "path"
    } else if offset < query_end {
        "query"
    } else {
        "fragment"
    })
}

/// The part of `authority` that holds the byte at `offset` in it.
fn authority_part(authority: &[u8], offset: usize) -> &'static str {
    // The first "@", as the grammar reads it (userinfo holds no "@"): a
    // second one is a character the host cannot have, not the userinfo's
    // end. (A browser takes the last "@"; masking follows that reading
    // too, src/syntax/mask.rs, but the error is the grammar's.)
    let host_start = memchr::memchr(b'@', authority).map_or(0, |at| at + 1);
    if offset < host_start {
        return "userinfo";
    }
    let host = authority.get(host_start..).unwrap_or_default();
    let bracket = memchr::memrchr(b']', host).map_or(0, |at| at + 1);
    let port = host
        .get(bracket..)
        .and_then(|rest| memchr::memrchr(b':', rest))
        .map(|colon| host_start + bracket + colon);
    match port {
        Some(colon) if offset > colon => "port",
        _ => "host",
    }
}

#[cfg(test)]
mod tests {
    use super::component_at;

    #[test]
    fn each_offset_is_in_its_component() {
        let text = "s://u:p@[::1]:80/a b?q#f";
        let named = |offset| component_at("URI-reference", text, offset);
        assert_eq!(named(0), Some("scheme"));
        assert_eq!(named(5), Some("userinfo"));
        assert_eq!(named(8), Some("host"));
        assert_eq!(named(15), Some("port"));
        assert_eq!(named(text.find(' ').unwrap()), Some("path"));
        assert_eq!(named(text.find('q').unwrap()), Some("query"));
        assert_eq!(named(text.len()), Some("fragment"));
        assert_eq!(component_at("URI", "a b", 1), Some("path"));
        // A second "@" is the host's, as the grammar reads it.
        let two = "xri://@*email*com*(@!bob.jones)";
        assert_eq!(component_at("IRI-reference", two, 19), Some("host"));
        assert_eq!(component_at("IRI-reference", two, 6), Some("userinfo"));
        assert_eq!(component_at("authority", "a b", 1), None);
    }

    #[test]
    fn a_relative_reference_has_no_scheme() {
        // `xiri check -g uri --rule relative 'a:b'` said "in the scheme".
        assert_eq!(component_at("relative-ref", "a:b", 1), Some("path"));
        assert_eq!(component_at("irelative-ref", "a:b?q", 1), Some("path"));
        assert_eq!(component_at("irelative-ref", "//h:x/a:b", 4), Some("port"));
        assert_eq!(component_at("URI-reference", "a:b", 1), Some("scheme"));
    }
}
