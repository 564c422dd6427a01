/** The SOE editor of a study's SOE (spec/2 section 2); the route itself belongs to the SOE editor feature. */
export const soeEditorPath = (studyId: number, soeId: number) => `/ctpo/study-plans/${studyId}/soe/${soeId}`;
