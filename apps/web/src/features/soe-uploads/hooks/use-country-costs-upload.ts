import {
  COUNTRY_COST_MESSAGES as M,
  readCountryCostSheets,
  type CountryCostSiteGroup,
} from '@predict/shared';
import { uploadCountryCosts } from '../api/soe-uploads-api';
import { issueLine, readUploadWorkbook } from '../utils/read-upload-workbook';
import { serverFailure } from '../utils/server-failure';
import { useUploadState, type UploadBase } from './use-upload-state';

export type CountryCostsPhase = 'idle' | 'reading' | 'sending' | 'uploaded';

export interface CountryCostsState extends UploadBase {
  phase: CountryCostsPhase;
}

const initial: CountryCostsState = { file: null, phase: 'idle', failure: null, detail: null, errors: [] };

export interface CountryCostsTarget {
  studyId: number;
  soeId: number;
  siteGroups: readonly CountryCostSiteGroup[];
  assessmentNames: readonly string[];
}

/**
 * Upload Country Costs (spec/2 sections 5, 7 and 8): reads the workbook in the browser (every sheet a country,
 * names in column G, costs in column H), lists every bad row under 'Errors Found:' and sends nothing then;
 * otherwise posts the rows (SOEUploadCountry).
 */
export function useCountryCostsUpload(target: CountryCostsTarget) {
  const { state, patch, fail, selectFile, notify } = useUploadState<CountryCostsState>(initial, {
    phase: 'idle',
  });

  const upload = async () => {
    if (!state.file) return;
    patch({ phase: 'reading', failure: null, detail: null, errors: [] });
    const opened = await readUploadWorkbook(state.file);
    if (!opened.ok) return fail(M.processFailed, opened.message);
    const read = readCountryCostSheets(opened.workbook, {
      siteGroups: target.siteGroups,
      assessmentNames: target.assessmentNames,
    });
    if (!read.value) {
      const noData = read.errors.length === 1 && read.errors[0]!.message === M.noValidData;
      if (noData) return fail(M.noValidData, M.noValidDataStatus);
      return fail(M.uploadFailed, null, read.errors.map(issueLine));
    }
    patch({ phase: 'sending' });
    try {
      await uploadCountryCosts(
        target.studyId,
        read.value.rows.map((r) => ({
          scheduleOfEventsId: target.soeId,
          countryName: r.countryName,
          assessmentName: r.assessmentName,
          assessmentCost: r.assessmentCost,
          cell: r.cell,
        })),
      );
    } catch (error) {
      const rows = read.value.rows;
      const { detail, errors } = serverFailure(error, M.unknownError, (path) => {
        const index = /^(?:body\.)?(\d+)\b/.exec(path)?.[1];
        return index === undefined ? undefined : rows[Number(index)]?.cell;
      });
      return fail(M.uploadFailed, detail, errors);
    }
    notify.success(M.uploaded);
    patch({ phase: 'uploaded' });
  };

  return { state, selectFile, upload, busy: state.phase === 'reading' || state.phase === 'sending' };
}
