import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { SoeAssessment, SoeSiteGroupEntry, SoeVisit } from '@predict/shared';
import { useMemo, useState } from 'react';
import { DefaultCostsDialog } from './default-costs-dialog';
import { UploadCountryCostsDialog } from './upload-country-costs-dialog';
import { UploadSiteContractDialog } from './upload-site-contract-dialog';

export const CHOOSE_SITE_FIRST = 'Choose a site in the Site List to upload its contract.';
/** An upload reloads the editor: unsaved edits would be lost. */
export const UPLOAD_NEEDS_SAVE = 'Save or cancel your changes before uploading.';

export interface LevelUploadButtonsProps {
  studyId: number;
  soeId: number;
  siteGroups: readonly SoeSiteGroupEntry[];
  siteGroupId: number;
  siteId: number;
  /** The SOE's saved visits and assessments (an upload names them). */
  saved: { visits: readonly SoeVisit[]; assessments: readonly SoeAssessment[] };
  /** After an upload changed the SOE: reload the editor (a fresh editor replaces this one when done). */
  onUploaded: () => Promise<void>;
  /** Why the uploads are off (unsaved changes would be lost by the reload), or null. */
  disabledReason: string | null;
}

type Open = 'countryCosts' | 'defaultCosts' | 'siteContract' | null;

/**
 * A country tab's upload controls (spec/2 section 2): UPLOAD COUNTRY COSTS, the country's default assessment
 * costs, and UPLOAD SITE CONTRACT for the site chosen in the Site List. The editor shows them to editors only.
 */
export function LevelUploadButtons(p: LevelUploadButtonsProps) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const entry = p.siteGroups.find((e) => e.siteGroupId === p.siteGroupId && e.siteId === p.siteId);
  const country = p.siteGroups.find((e) => e.siteGroupId === p.siteGroupId && e.siteId === 1);
  const siteNumber = p.siteId !== 1 ? (entry?.siteNumber ?? null) : null;
  const countries = p.siteGroups
    .filter((e) => e.siteGroupId !== 0 && e.siteId === 1)
    .map((e) => ({
      siteGroupId: e.siteGroupId,
      siteGroupName: e.siteGroupName,
      countryCodeISO3: e.countryCodeISO3,
    }));
  const { visits, assessments } = p.saved;
  const names = useMemo(
    () => ({ visits: visits.map((v) => v.visitName), assessments: assessments.map((a) => a.assessmentName) }),
    [visits, assessments],
  );
  const off = p.disabledReason;
  // The dialog stays open until the reload is done: a click meanwhile would land on the editor being replaced.
  const uploaded = async () => {
    await p.onUploaded();
    close();
  };

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Tooltip title={off ?? ''}>
        <span>
          <Button variant="outlined" onClick={() => setOpen('countryCosts')} disabled={!!off}>
            Upload Country Costs
          </Button>
        </span>
      </Tooltip>
      <Tooltip title={off ?? ''}>
        <span>
          <Button variant="outlined" onClick={() => setOpen('defaultCosts')} disabled={!!off}>
            Default Assessment Costs
          </Button>
        </span>
      </Tooltip>
      <Tooltip title={off ?? (siteNumber ? '' : CHOOSE_SITE_FIRST)}>
        <span>
          <Button variant="outlined" onClick={() => setOpen('siteContract')} disabled={!!off || !siteNumber}>
            Upload Site Contract
          </Button>
        </span>
      </Tooltip>
      {open === 'countryCosts' && (
        <UploadCountryCostsDialog
          studyId={p.studyId}
          soeId={p.soeId}
          siteGroups={countries}
          assessmentNames={names.assessments}
          onClose={close}
          onUploaded={() => void uploaded()}
        />
      )}
      {open === 'defaultCosts' && (
        <DefaultCostsDialog
          studyId={p.studyId}
          soeId={p.soeId}
          siteGroupId={p.siteGroupId}
          countryLabel={country?.tabLabel ?? ''}
          onClose={close}
          onImported={() => void uploaded()}
        />
      )}
      {open === 'siteContract' && siteNumber && (
        <UploadSiteContractDialog
          studyId={p.studyId}
          soeId={p.soeId}
          siteId={p.siteId}
          siteNumber={siteNumber}
          visitNames={names.visits}
          assessmentNames={names.assessments}
          onClose={close}
          onContinue={() => void uploaded()}
        />
      )}
    </Stack>
  );
}
