/** The team's data for other folders; the team screen is a route (TeamPage). */
export { teamProvider, useTeamActions, activityListUrl, type TeamActions } from './provider';
