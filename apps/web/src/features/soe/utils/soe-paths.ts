/** The study page, which lists the study's SOEs (spec/2 section 2: back and exit actions of the SOE go here). */
export const soeListPath = (studyId: number) => `/ctpo/study-plans/${studyId}`;
/** The SOE editor of a study's SOE (spec/2 section 2); the route itself belongs to the SOE editor feature. */
export const soeEditorPath = (studyId: number, soeId: number) => `${soeListPath(studyId)}/soe/${soeId}`;
/** The SOE's forecast page (spec/2 section 2); the route belongs to the SOE forecast feature. */
export const soeForecastPath = (studyId: number, soeId: number) =>
  `${soeEditorPath(studyId, soeId)}/forecast`;
