/** The warnings Edit Country asks before a changed activated-sites bound resets the activation profiles. */
export const resetProfilesMessage = (country: string) =>
  `Changing the number of activated sites resets the activation profiles of ${country} to their defaults. Keep the change?`;
export const upperBoundMessage = (country: string, from: string, to: string) =>
  `Change the upper bound of activated sites of ${country} from ${from || 'empty'} to ${to || 'empty'}? ` +
  'Its activation profiles are reset to their defaults.';
