// The app's one component set. Screens build from these and the CSS design system
// in ../styles; nothing else defines buttons, cards or form controls.

export { Announcer, announce } from "./Announcer";
export { Badge, type BadgeTone, Chip } from "./Badge";
export { BalanceCheckNotice } from "./BalanceCheckNotice";
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from "./Button";
export { Card, Panel } from "./Card";
export { Dialog } from "./Dialog";
export { EmptyState } from "./EmptyState";
export { type EntitlementsOf, EntitlementsSection } from "./Entitlements";
export { ErrorState } from "./ErrorState";
export { Field, type FieldControlProps } from "./Field";
export { Icon, type IconName } from "./Icon";
export { PlainFields, TeamReadView } from "./PlatformRead";
export { type PointsFormatter, PointsNote, PointsScope, usePoints } from "./PointsScope";
export { Screen } from "./Screen";
export { Segmented, type SegmentedOption } from "./Segmented";
export { Select, type SelectOption } from "./Select";
export { Skeleton, SkeletonList } from "./Skeleton";
export { Spinner } from "./Spinner";
export {
  READ_REPLIES,
  type ReadReplies,
  readRepliesState,
  StreamAnnouncer,
  sentenceEnd,
  setReadReplies,
  spokenText,
} from "./streamAnnouncer";
export { TextInput } from "./TextInput";
export { dismissAllToasts, dismissToast, type ToastAction, ToastRegion, type ToastTone, toast, toasts, toastsBelongTo } from "./Toast";
export { Toggle } from "./Toggle";
export { anyDialogOpen } from "./useDialogFocus";
