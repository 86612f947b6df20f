//! `application/x-www-form-urlencoded` parameters (query strings and form bodies), keeping
//! track of repeated names: RFC 6749 §3.1 forbids sending a parameter more than once.

use std::collections::HashMap;

#[derive(Debug, Default)]
pub(crate) struct Params {
    values: HashMap<String, Vec<String>>,
}

impl Params {
    pub fn parse(raw: &[u8]) -> Params {
        let mut values: HashMap<String, Vec<String>> = HashMap::new();
        for (name, value) in url::form_urlencoded::parse(raw) {
            values.entry(name.into_owned()).or_default().push(value.into_owned());
        }
        Params { values }
    }

    /// The value if the parameter appears exactly once.
    pub fn single(&self, name: &str) -> Option<&str> {
        match self.values.get(name).map(Vec::as_slice) {
            Some([one]) => Some(one.as_str()),
            _ => None,
        }
    }

    /// The single value, treating an empty value as absent.
    pub fn non_empty(&self, name: &str) -> Option<&str> {
        self.single(name).filter(|v| !v.is_empty())
    }

    pub fn repeated(&self, name: &str) -> bool {
        self.values.get(name).is_some_and(|v| v.len() > 1)
    }

    /// The first value of each parameter, as a JSON object for form-model validation.
    pub fn to_json_map(&self) -> serde_json::Map<String, serde_json::Value> {
        self.values
            .iter()
            .filter_map(|(k, v)| v.first().map(|first| (k.clone(), serde_json::Value::String(first.clone()))))
            .collect()
    }
}
