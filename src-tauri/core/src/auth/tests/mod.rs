//! Tests of the `auth` area, against the sandbox.

mod attempts_tests;
mod context_tests;
mod flow_tests;
mod loopback_tests;
mod payer_tests;
mod readings_tests;
mod redirect_tests;
