import {
  readSiteContractSheets,
  SITE_CONTRACT_MESSAGES as M,
  SITE_CONTRACT_PROGRESS as P,
} from '@predict/shared';
import { uploadSiteContract } from '../api/soe-uploads-api';
import { issueLine, readUploadWorkbook } from '../utils/read-upload-workbook';
import { serverFailure } from '../utils/server-failure';
import { useUploadState, type UploadBase } from './use-upload-state';

export type SiteContractPhase = 'idle' | 'processing' | 'succeeded' | 'failed';

export interface SiteContractState extends UploadBase {
  phase: SiteContractPhase;
  /** 0 while reading, 50 once the payload is sent, 100 when answered (spec/2 section 4). */
  progress: number;
}

const initial: SiteContractState = {
  file: null,
  phase: 'idle',
  progress: P.start,
  failure: null,
  detail: null,
  errors: [],
};

export interface SiteContractTarget {
  studyId: number;
  soeId: number;
  siteId: number;
  siteNumber: string;
  visitNames: readonly string[];
  assessmentNames: readonly string[];
}

/**
 * Upload Site Contract (spec/2 sections 2, 4 and 8): reads the contract workbook in the browser, lists every bad
 * row under 'Errors Found:' (nothing is sent then), else posts the payload (SOEUploadSite). Progress 0, 50 when
 * the payload is sent, 100 with 'Upload completed.' or 'Upload failed.'.
 */
export function useSiteContractUpload(target: SiteContractTarget) {
  const { state, patch, fail, selectFile, notify } = useUploadState<SiteContractState>(initial, {
    phase: 'failed',
    progress: P.done,
  });

  const upload = async () => {
    if (!state.file) return;
    patch({ phase: 'processing', progress: P.start, failure: null, detail: null, errors: [] });
    const opened = await readUploadWorkbook(state.file);
    if (!opened.ok) return fail(M.processFailed, opened.message);
    const read = readSiteContractSheets(opened.workbook, {
      siteNumber: target.siteNumber,
      visitNames: target.visitNames,
      assessmentNames: target.assessmentNames,
    });
    const contract = read.value;
    if (!contract) return fail(M.uploadFailed, null, read.errors.map(issueLine));
    const sending = uploadSiteContract(target.studyId, {
      scheduleOfEventsId: target.soeId,
      siteNumber: contract.siteNumber,
      siteId: target.siteId,
      assessments: contract.assessments,
      visits: contract.visits,
    });
    patch({ progress: P.sent });
    try {
      await sending;
    } catch (error) {
      const { detail, errors } = serverFailure(error, M.unknownError, (path) => {
        const [, list, index] = /^(?:body\.)?(visits|assessments)\.(\d+)\b/.exec(path) ?? [];
        if (list === 'visits') return `Visit ${contract.visits[Number(index)]?.visitName ?? ''}`;
        if (list === 'assessments')
          return `Assessment ${contract.assessments[Number(index)]?.assessmentName ?? ''}`;
        return undefined;
      });
      return fail(M.uploadFailed, detail, errors);
    }
    notify.success(M.uploaded);
    patch({ phase: 'succeeded', progress: P.done });
  };

  return { state, selectFile, upload, busy: state.phase === 'processing' };
}
