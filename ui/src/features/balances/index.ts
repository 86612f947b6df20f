// What other features use from Balances: the header balance, the balance check before a
// charged action, the low-balance setting, and exact point formatting.

export { BalanceCheckNotice, useBalanceCheck } from "./BalanceCheckNotice";
export { formatPoints } from "./format";
export { HeaderBalance } from "./HeaderBalance";
export { balanceStore, useBalance } from "./store";
export { ThresholdSettingCard } from "./ThresholdSetting";
