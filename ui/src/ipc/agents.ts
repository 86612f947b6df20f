// Agent check (#27): saved MCP agents, their reviews, snapshots, one tool call and the
// exports. Header values go to the core (the OS keychain) and never come back. The
// wrappers are generated from the command registry (`generated.ts`).

export type { AgentExportFormat } from "../bindings/AgentExportFormat";
export type { AgentHeaderInput } from "../bindings/AgentHeaderInput";
export type { AgentInput } from "../bindings/AgentInput";
export type { AgentReachability } from "../bindings/AgentReachability";
export type { AgentReport } from "../bindings/AgentReport";
export type { ArgumentProblem } from "../bindings/ArgumentProblem";
export type { CallConfirmation } from "../bindings/CallConfirmation";
export type { CallReview } from "../bindings/CallReview";
export type { ChangeKind } from "../bindings/ChangeKind";
export type { RuleId } from "../bindings/RuleId";
export type { RuleLine } from "../bindings/RuleLine";
export type { RuleVerdict } from "../bindings/RuleVerdict";
export type { SavedAgent } from "../bindings/SavedAgent";
export type { SnapshotChange } from "../bindings/SnapshotChange";
export type { SnapshotSummary } from "../bindings/SnapshotSummary";
export type { JsonValue } from "../bindings/serde_json/JsonValue";
export type { ToolArtifact } from "../bindings/ToolArtifact";
export type { ToolCallRequest } from "../bindings/ToolCallRequest";
export type { ToolEnvelope } from "../bindings/ToolEnvelope";
export type { ToolReview } from "../bindings/ToolReview";
export type { WireExchange } from "../bindings/WireExchange";
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
