import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';

export interface SoeSectionProps {
  /** Stable id: the base of the header / content ids, and what the editor remembers as open. */
  id: string;
  title: string;
  /** Controlled when given; otherwise the section keeps its own state, starting at defaultOpen. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Shown in the header beside the title, so it stays visible while the section is closed. */
  summary?: ReactNode;
  children: ReactNode;
}

/** A collapsible section of the SOE editor (spec/2 section 2); the header is an h3 holding a button (Enter / Space toggle). */
export function SoeSection({
  id,
  title,
  open,
  defaultOpen = false,
  onOpenChange,
  summary,
  children,
}: SoeSectionProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const expanded = open ?? ownOpen;
  return (
    <Accordion
      disableGutters
      expanded={expanded}
      onChange={(_, next) => {
        setOwnOpen(next);
        onOpenChange?.(next);
      }}
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="span">
            {title}
          </Typography>
          {summary}
        </Stack>
      </AccordionSummary>
      {/* The Accordion's region takes the summary's aria-controls as its id and is labelled by it. */}
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}
