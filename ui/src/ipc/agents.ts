// Agent check (#27): saved MCP agents, their reviews, snapshots, one tool call and the
// exports. Header values go to the core (the OS keychain) and never come back. The
// wrappers are generated from the command registry (`generated.ts`).

export {
  agentCall,
  agentCheckArguments,
  agentCompare,
  agentForget,
  agentReport,
  agentReportSave,
  agentReview,
  agentSave,
  agentSnapshots,
  agentsList,
} from "./generated";
