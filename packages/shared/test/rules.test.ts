import { describe, expect, it } from 'vitest';
import { profileGroups, rolesFromGroups, sanitizeSearchText, searchTerm, StudyListQuery } from '../src';

describe('rolesFromGroups', () => {
  it('treats a token without groups as read-only', () => {
    expect(rolesFromGroups([])).toEqual({ readOnly: true, admin: false });
  });
  it('recognises the read-only groups of every environment, in any case', () => {
    for (const g of [
      'app_PremierPredict_ReadOnly',
      'APP_PREMIERPREDICTDEV_READONLY',
      'app_PremierPredictLocalDev_ReadOnly',
    ]) {
      expect(rolesFromGroups([g]).readOnly).toBe(true);
    }
  });
  it('lets other groups edit and only the admin group administer', () => {
    expect(rolesFromGroups(['app_PremierPredict_Planner'])).toEqual({ readOnly: false, admin: false });
    expect(rolesFromGroups(['app_PremierPredict_AdminUser'])).toEqual({ readOnly: false, admin: true });
  });
  it('uses configured group names instead of the defaults', () => {
    const config = { readOnlyGroups: ['viewers'], adminGroups: ['admins'] };
    expect(rolesFromGroups(['viewers'], config).readOnly).toBe(true);
    expect(rolesFromGroups(['app_PremierPredict_ReadOnly'], config).readOnly).toBe(false);
    expect(rolesFromGroups(['admins'], config).admin).toBe(true);
  });
});

describe('profileGroups', () => {
  it('keeps names containing premierpredict in any case, sorted', () => {
    expect(
      profileGroups(['zeta', 'app_PremierPredict_ReadOnly', 'APP_PREMIERPREDICT_ADMINUSER', 'other']),
    ).toEqual(['APP_PREMIERPREDICT_ADMINUSER', 'app_PremierPredict_ReadOnly']);
  });
});

describe('search text', () => {
  it('strips / # \\ & and trims', () => {
    expect(sanitizeSearchText(' a/b#c\\d&e ')).toBe('abcde');
  });
  it('treats the wildcard as no filter', () => {
    expect(searchTerm('*')).toBe('');
    expect(searchTerm('onc*')).toBe('onc');
  });
});

describe('StudyListQuery', () => {
  it('defaults to the first page of 10 sorted by project id', () => {
    expect(StudyListQuery.parse({})).toMatchObject({
      page: 0,
      pageSize: 10,
      sort: 'projectId',
      order: 'asc',
    });
  });
  it('refuses page sizes other than 5, 10 and 25 and unknown stages', () => {
    expect(StudyListQuery.safeParse({ pageSize: '7' }).success).toBe(false);
    expect(StudyListQuery.safeParse({ opportunityStage: 'Won' }).success).toBe(false);
    expect(StudyListQuery.safeParse({ pageSize: '25', opportunityStage: 'Closed Won' }).success).toBe(true);
  });
});
