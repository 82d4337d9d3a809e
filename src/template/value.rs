//! What a template's variables hold (RFC 6570 section 2.3): a string, a
//! list of strings, or an associative array of (name, value) pairs, and
//! the [`Variables`] trait through which expansion asks for them.

use std::borrow::Borrow;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};

/// A variable's value (RFC 6570 section 2.3). A list or associative array
/// with no member is undefined (section 3.2.1), as is a variable
/// [`Variables::get`] does not find.
///
/// ```
/// use xiri::template::Value;
/// let keys = Value::from(vec![("semi", ";"), ("dot", ".")]);
/// assert_eq!(keys, Value::Map(vec![("semi".into(), ";".into()), ("dot".into(), ".".into())]));
/// assert!(Value::List(Vec::new()).is_undefined());
/// assert!(!Value::from("").is_undefined());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A string (empty is defined: `{?empty}` gives `?empty=`).
    String(String),
    /// A list of strings, in order.
    List(Vec<String>),
    /// An associative array: (name, value) pairs, in the order given.
    Map(Vec<(String, String)>),
}

impl Value {
    /// Whether section 3.2.1 treats the value as undefined: an empty list
    /// or an empty associative array.
    ///
    /// ```
    /// assert!(xiri::template::Value::Map(Vec::new()).is_undefined());
    /// ```
    pub fn is_undefined(&self) -> bool {
        match self {
            Value::String(_) => false,
            Value::List(items) => items.is_empty(),
            Value::Map(pairs) => pairs.is_empty(),
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::String(s)
    }
}

impl From<Vec<String>> for Value {
    fn from(items: Vec<String>) -> Self {
        Value::List(items)
    }
}

impl From<Vec<&str>> for Value {
    fn from(items: Vec<&str>) -> Self {
        Value::List(items.into_iter().map(str::to_string).collect())
    }
}

impl From<Vec<(String, String)>> for Value {
    fn from(pairs: Vec<(String, String)>) -> Self {
        Value::Map(pairs)
    }
}

impl From<Vec<(&str, &str)>> for Value {
    fn from(pairs: Vec<(&str, &str)>) -> Self {
        Value::Map(
            pairs
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }
}

/// Where expansion finds the variables: by name, as the template writes it
/// (a name's pct-encoded triplets are part of it and not decoded, section
/// 2.3). Implemented for hash maps and B-tree maps from names to
/// [`Value`]s, and for references to any implementation.
///
/// ```
/// use std::collections::HashMap;
/// use xiri::template::{Template, Value, Variables};
/// /// Every variable is "x".
/// struct AllX(Value);
/// impl Variables for AllX {
///     fn get(&self, _name: &str) -> Option<&Value> { Some(&self.0) }
/// }
/// let t = Template::parse("{a}{/b}").unwrap();
/// assert_eq!(t.expand(&AllX("x".into())).unwrap().as_str(), "x/x");
/// let mut vars = HashMap::new();
/// vars.insert("a", Value::from("1"));
/// assert_eq!(t.expand(&vars).unwrap().as_str(), "1");
/// ```
pub trait Variables {
    /// The value of the variable `name`; `None` when it is undefined.
    fn get(&self, name: &str) -> Option<&Value>;
}

impl<V: Variables + ?Sized> Variables for &V {
    fn get(&self, name: &str) -> Option<&Value> {
        (**self).get(name)
    }
}

impl<K: Borrow<str> + Hash + Eq, H: BuildHasher> Variables for HashMap<K, Value, H> {
    fn get(&self, name: &str) -> Option<&Value> {
        HashMap::get(self, name)
    }
}

impl<K: Borrow<str> + Ord> Variables for BTreeMap<K, Value> {
    fn get(&self, name: &str) -> Option<&Value> {
        BTreeMap::get(self, name)
    }
}

/// A map whose `None` is an undefined variable (JSON's `null`, read with
/// the `serde` feature).
impl<K: Borrow<str> + Hash + Eq, H: BuildHasher> Variables for HashMap<K, Option<Value>, H> {
    fn get(&self, name: &str) -> Option<&Value> {
        HashMap::get(self, name).and_then(Option::as_ref)
    }
}

/// A map whose `None` is an undefined variable.
impl<K: Borrow<str> + Ord> Variables for BTreeMap<K, Option<Value>> {
    fn get(&self, name: &str) -> Option<&Value> {
        BTreeMap::get(self, name).and_then(Option::as_ref)
    }
}

/// With the `serde` feature, a [`Value`] is written as a string, a
/// sequence of strings or a map of strings (in its order), and read from
/// them: a number stands for its text, and a `null` inside a list or as a
/// map's value is left out (undefined, section 2.3). A whole variable
/// that is `null` is read into an `Option<Value>`, and maps of those are
/// [`Variables`] too.
#[cfg(feature = "serde")]
mod serde_impls {
    use super::Value;
    use serde::de::{Deserialize, Deserializer, Error, MapAccess, SeqAccess, Visitor};
    use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
    use std::fmt;

    impl Serialize for Value {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            match self {
                Value::String(text) => serializer.serialize_str(text),
                Value::List(items) => {
                    let mut seq = serializer.serialize_seq(Some(items.len()))?;
                    for item in items {
                        seq.serialize_element(item)?;
                    }
                    seq.end()
                }
                Value::Map(pairs) => {
                    let mut map = serializer.serialize_map(Some(pairs.len()))?;
                    for (name, value) in pairs {
                        map.serialize_entry(name, value)?;
                    }
                    map.end()
                }
            }
        }
    }

    /// A string, or a number as its text.
    struct Text(String);

    struct TextVisitor;

    impl Visitor<'_> for TextVisitor {
        type Value = Text;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string or a number")
        }

        fn visit_str<E: Error>(self, v: &str) -> Result<Text, E> {
            Ok(Text(v.to_string()))
        }

        fn visit_i64<E: Error>(self, v: i64) -> Result<Text, E> {
            Ok(Text(v.to_string()))
        }

        fn visit_u64<E: Error>(self, v: u64) -> Result<Text, E> {
            Ok(Text(v.to_string()))
        }

        fn visit_f64<E: Error>(self, v: f64) -> Result<Text, E> {
            Ok(Text(v.to_string()))
        }
    }

    impl<'de> Deserialize<'de> for Text {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_any(TextVisitor)
        }
    }

    struct ValueVisitor;

    impl<'de> Visitor<'de> for ValueVisitor {
        type Value = Value;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string, a list of strings or a map of strings")
        }

        fn visit_str<E: Error>(self, v: &str) -> Result<Value, E> {
            Ok(Value::String(v.to_string()))
        }

        fn visit_i64<E: Error>(self, v: i64) -> Result<Value, E> {
            Ok(Value::String(v.to_string()))
        }

        fn visit_u64<E: Error>(self, v: u64) -> Result<Value, E> {
            Ok(Value::String(v.to_string()))
        }

        fn visit_f64<E: Error>(self, v: f64) -> Result<Value, E> {
            Ok(Value::String(v.to_string()))
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
            let mut items = Vec::new();
            while let Some(item) = seq.next_element::<Option<Text>>()? {
                items.extend(item.map(|t| t.0));
            }
            Ok(Value::List(items))
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
            let mut pairs = Vec::new();
            while let Some((name, value)) = map.next_entry::<String, Option<Text>>()? {
                if let Some(value) = value {
                    pairs.push((name, value.0));
                }
            }
            Ok(Value::Map(pairs))
        }
    }

    impl<'de> Deserialize<'de> for Value {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_any(ValueVisitor)
        }
    }

    #[cfg(test)]
    mod tests {
        use super::Value;
        use std::collections::HashMap;

        #[test]
        fn values_read_and_write_as_json() {
            let json = r#"{"s":"a b","n":42,"l":["x",null,1],"m":{"k":"v","z":null},"u":null}"#;
            let vars: HashMap<String, Option<Value>> = serde_json::from_str(json).unwrap();
            assert_eq!(vars["s"], Some(Value::from("a b")));
            assert_eq!(vars["n"], Some(Value::from("42")));
            assert_eq!(vars["l"], Some(Value::from(vec!["x", "1"])));
            assert_eq!(vars["m"], Some(Value::from(vec![("k", "v")])));
            assert_eq!(vars["u"], None);
            let t = crate::template::Template::parse("{s}{?n,u,l}{&m*}").unwrap();
            assert_eq!(t.expand(&vars).unwrap().as_str(), "a%20b?n=42&l=x,1&k=v");
            let m = Value::from(vec![("b", "1"), ("a", "2")]);
            assert_eq!(serde_json::to_string(&m).unwrap(), r#"{"b":"1","a":"2"}"#);
            assert_eq!(
                serde_json::to_string(&Value::from(vec!["x"])).unwrap(),
                r#"["x"]"#
            );
            assert!(serde_json::from_str::<Value>("true").is_err());
            assert!(serde_json::from_str::<Value>("[[\"x\"]]").is_err());
        }
    }
}
