// The screen the navigation chose.

import { AccountScreen } from "../features/account/AccountScreen";
import { AgentsScreen } from "../features/agents/AgentsScreen";
import { BalancesScreen } from "../features/balances/BalancesScreen";
import { ChatScreen } from "../features/chat/ChatScreen";
import { CheckScreen } from "../features/check/CheckScreen";
import { ModelsScreen } from "../features/models/ModelsScreen";
import { SettingsScreen } from "../features/settings/SettingsScreen";
import { TeamScreen } from "../features/team/TeamScreen";
import { VoicesScreen } from "../features/voices/VoicesScreen";
import type { ScreenId } from "./screens";

export function CurrentScreen(props: { screen: ScreenId }) {
  switch (props.screen) {
    case "account":
      return <AccountScreen />;
    case "models":
      return <ModelsScreen />;
    case "chat":
      return <ChatScreen />;
    case "voices":
      return <VoicesScreen />;
    case "balances":
      return <BalancesScreen />;
    case "team":
      return <TeamScreen />;
    case "agents":
      return <AgentsScreen />;
    case "check":
      return <CheckScreen />;
    case "settings":
      return <SettingsScreen />;
  }
}
