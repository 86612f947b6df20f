//! Tests of the whole core, across areas, against the sandbox.

mod context_tests;
mod copied_tests;
mod events_tests;
mod fuzz_tests;
mod paged_list_tests;
mod presenting_tests;
mod reading_b_tests;
mod reading_tests;
mod sandbox_key_tests;
mod sandbox_speed_tests;
mod security_tests;
