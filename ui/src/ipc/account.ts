// The Personal account's own details (generated wrapper): its entitlements once the
// `account` scope is granted.

export type { PersonalEntitlements } from "../bindings/PersonalEntitlements";
export { personalEntitlements } from "./generated";
