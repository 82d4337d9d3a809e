//! The structure of a `xiri grammar --diagram` page.

/// Every SVG well-formed (tags balanced), every rule a section with an
/// id, every link's target there.
pub fn check_page(page: &str) {
    assert!(page.starts_with("<!DOCTYPE html>"));
    let mut rest = page;
    let mut svgs = 0;
    while let Some(at) = rest.find("<svg") {
        let end = rest[at..].find("</svg>").expect("a closed svg") + at + 6;
        balanced(&rest[at..end]);
        svgs += 1;
        rest = &rest[end..];
    }
    let ids: Vec<&str> = page
        .split("<section id=\"")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .collect();
    assert_eq!(svgs, ids.len(), "one diagram a rule");
    for target in page
        .split("href=\"#")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
    {
        assert!(
            ids.contains(&target),
            "a link to #{target}, which is not there"
        );
    }
}

/// The tags of an XML fragment open and close in order.
fn balanced(svg: &str) {
    let mut stack = Vec::new();
    for tag in svg.split('<').skip(1) {
        let tag = &tag[..tag.find('>').expect("a tag ends")];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(name.to_string()), "in {svg}");
        } else if !tag.ends_with('/') {
            stack.push(tag.split_whitespace().next().unwrap().to_string());
        }
    }
    assert!(stack.is_empty(), "unclosed {stack:?}");
}
