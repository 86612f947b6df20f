// The read-only Team information of the active Team session (generated wrapper).

export { teamInformation } from "./generated";
