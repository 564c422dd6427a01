export { RequireSignIn } from './components/require-sign-in';
export { EditorOnly } from './components/editor-only';
export { useCurrentUser, useOptionalCurrentUser, type CurrentUserState } from './hooks/use-current-user';
export { checkHealth, healthQueryOptions } from './api/health';
export { CurrentUserContext } from './current-user-context';
export { GoodbyePage } from './components/goodbye-page';
export { NetworkIssuesPage } from './components/network-issues-page';
