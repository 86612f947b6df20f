//! Who to review: an MCP endpoint (http or https; http only on loopback, for development)
//! and its custom headers, checked before anything is sent.

use std::collections::HashSet;
use std::net::IpAddr;

use url::Url;

use super::http::{AgentHeader, RESERVED_HEADERS};
use crate::foundation::error::{Error, Result};
use crate::foundation::secret::Sensitive;

/// Who to review: the endpoint and its custom headers.
pub struct Target {
    pub url: Url,
    pub headers: Vec<AgentHeader>,
}

impl Target {
    /// Checks the URL (http or https, http only for development) and the headers (valid
    /// names, no header the review sets itself, values that fit in a header).
    pub fn parse(url: &str, headers: Vec<(String, Sensitive<String>)>) -> Result<Target> {
        let url = Url::parse(url.trim()).map_err(|e| Error::InvalidInput(format!("not a URL: {e}")))?;
        if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
            return Err(Error::InvalidInput("an MCP endpoint is an http(s) URL with a host".into()));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(Error::InvalidInput("put credentials in a header, not in the URL".into()));
        }
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for (name, value) in headers {
            let name = http::HeaderName::from_bytes(name.trim().as_bytes())
                .map_err(|_| Error::InvalidInput(format!("{:?} is not a header name", name.trim())))?;
            if RESERVED_HEADERS.contains(&name.as_str()) {
                return Err(Error::InvalidInput(format!("the review sets {} itself", name.as_str())));
            }
            if !seen.insert(name.clone()) {
                return Err(Error::InvalidInput(format!("{} is given twice", name.as_str())));
            }
            if http::HeaderValue::from_str(value.expose()).is_err() {
                return Err(Error::InvalidInput(format!(
                    "the value of {} is not a header value",
                    name.as_str()
                )));
            }
            out.push(AgentHeader { name, value });
        }
        Ok(Target { url, headers: out })
    }

    /// A loopback host (where http is allowed for development).
    pub fn is_loopback(&self) -> bool {
        is_loopback(&self.url)
    }
}

pub fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => {
            d.eq_ignore_ascii_case("localhost") || d.to_ascii_lowercase().ends_with(".localhost")
        }
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
        None => false,
    }
}
