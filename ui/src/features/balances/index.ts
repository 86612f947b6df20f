// What other features use from Balances: the header balance, the balance check before a
// charged action, the low-balance setting, and exact point formatting.

export { HeaderBalance } from "./HeaderBalance";
export { BalanceCheckNotice, useBalanceCheck } from "./BalanceCheckNotice";
export { ThresholdSettingCard } from "./ThresholdSetting";
export { formatPoints } from "./format";
export { balanceStore, useBalance } from "./store";
