// The Personal account's own details (generated wrapper): its entitlements once the
// `account` scope is granted.

export { personalEntitlements } from "./generated";
