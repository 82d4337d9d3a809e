//! Parsing (XRI references too) does not touch the heap, and resolution and the IRI/URI
//! conversions allocate their output only: a counting allocator around
//! them, on the benchmark corpora and a few references more; setting a
//! query or a fragment allocates the new text only.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// How many allocations `f` makes.
fn allocations(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    f();
    ALLOCATIONS.load(Ordering::SeqCst) - before
}

fn inputs() -> Vec<String> {
    let mut inputs = Vec::new();
    for file in ["reference-ascii.txt", "reference-nonascii.txt"] {
        inputs.extend(common::corpus(file));
    }
    inputs.extend(
        [
            "",
            "g:h",
            "../../g",
            "//g",
            "?y#s",
            "http://[::1]:80/",
            "http://[v1.x]/",
        ]
        .map(String::from),
    );
    inputs
}

// One test function, so no other test thread allocates while counting.
#[test]
fn parsing_does_not_allocate() {
    let inputs = inputs();
    for input in &inputs {
        // Only successes are counted: a refusal's error allocates.
        let uri = xiri::UriRef::parse(input).is_ok();
        let absolute = xiri::Iri::parse(input).is_ok();
        let n = allocations(|| {
            assert!(xiri::IriRef::parse(input).is_ok());
            assert!(xiri::IriRef::parse_3987bis(input).is_ok());
            assert!(xiri::LeiriRef::parse(input).is_ok());
            if uri {
                assert!(xiri::UriRef::parse(input).is_ok());
            }
            if absolute {
                assert!(xiri::Iri::parse(input).is_ok());
                assert!(xiri::Leiri::parse(input).is_ok());
            }
        });
        assert_eq!(n, 0, "{input:?}");
    }
    // XRI references, cross-references and all, and walking their parts.
    for input in common::corpus("xri.txt") {
        let n = allocations(|| {
            let x = xiri::XriRef::parse(&input).unwrap();
            let subsegments: usize = x.segments().map(|s| s.subsegments().count()).sum();
            std::hint::black_box(subsegments);
        });
        assert_eq!(n, 0, "{input:?}");
    }
    // Resolution into a buffer that is large enough: none either; and
    // `resolve` allocates its target once.
    let base = xiri::Iri::parse("http://a/b/c/d;p?q").unwrap();
    let mut buffer = String::with_capacity(256);
    for input in &inputs {
        let reference = xiri::IriRef::parse(input).unwrap();
        let n = allocations(|| {
            std::hint::black_box(base.resolve_into(&reference, &mut buffer));
        });
        assert_eq!(n, 0, "resolve_into {input:?}");
        let n = allocations(|| {
            std::hint::black_box(base.resolve(&reference));
        });
        assert_eq!(n, 1, "resolve {input:?}");
    }
    // IRI -> URI and URI -> IRI allocate their output only (an empty one
    // not at all).
    for input in &inputs {
        let iri = xiri::IriRef::parse(input).unwrap();
        let uri = iri.to_uri();
        let n = allocations(|| drop(std::hint::black_box(iri.to_uri())));
        assert!(n <= 1, "to_uri {input:?}: {n} allocations");
        let uri = uri.as_borrowed();
        let n = allocations(|| drop(std::hint::black_box(uri.to_iri())));
        assert!(n <= 1, "to_iri {input:?}: {n} allocations");
    }
    // Normalization (syntax-based, no Unicode forms) too, when there are
    // no dot segments to remove.
    for input in &inputs {
        let Ok(iri) = xiri::Iri::parse(input) else {
            continue;
        };
        if iri.path().split('/').any(|s| s == "." || s == "..") {
            continue;
        }
        let options = xiri::Normalization::default();
        let n = allocations(|| drop(std::hint::black_box(iri.normalize(options))));
        assert!(n <= 1, "normalize {input:?}: {n} allocations");
    }
    // Setting the query or the fragment splices the new value in, checked
    // alone by its rule's automaton: one allocation, the new text (the
    // whole text checked again would take more). A first call may build
    // the rules' automata, once: it is not counted.
    let mut first: xiri::IriRefBuf = "a".parse().unwrap();
    first.set_query(Some("q")).unwrap();
    first.set_fragment(Some("f")).unwrap();
    for input in &inputs {
        let Ok(mut iri) = xiri::IriRefBuf::parse(input.clone()) else {
            continue;
        };
        let n = allocations(|| iri.set_query(Some("a=1&b=%C3%A9")).unwrap());
        assert!(n <= 1, "set_query {input:?}: {n} allocations");
        let n = allocations(|| iri.set_fragment(None).unwrap());
        assert!(n <= 1, "set_fragment {input:?}: {n} allocations");
    }
    // The counter counts: a refusal explains itself, which allocates.
    assert!(allocations(|| assert!(xiri::UriRef::parse("a b").is_err())) > 0);
}
