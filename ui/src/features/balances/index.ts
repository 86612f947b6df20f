// What the shell uses from Balances: the header balance. (The balance check is
// app/useBalanceCheck.ts with components/BalanceCheckNotice.tsx, point formatting is
// format/points.ts, the low-balance setting is a Settings card.)

export { HeaderBalance } from "./HeaderBalance";
