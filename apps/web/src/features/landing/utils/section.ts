export type StudySection = 'study-plans' | 'study-actuals';

/** The second path segment when it is a study section (/ctpo/{section}/...), else study-plans. */
export function sectionOf(pathname: string): StudySection {
  const segment = pathname.split('/')[2];
  return segment === 'study-actuals' ? 'study-actuals' : 'study-plans';
}

export const studyPath = (section: StudySection, studyId: number) => `/ctpo/${section}/${studyId}`;
