import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import OpenIcon from '@mui/icons-material/OpenInNewOutlined';
import OutboxIcon from '@mui/icons-material/OutboxOutlined';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import { Fragment, useState } from 'react';
import { useToast } from '../notifications/toast';
import type { OutboxMail } from './api';
import { fontSizes } from '../theme/typography';

const COLLAPSED_COUNT = 5;

/** What an invitation link that no longer opens an invitation says instead of "Open link". */
const LINK_STATES: Record<string, { label: string; text: string }> = {
  USED: { label: 'Used', text: 'Accepted: this link has been used and no longer works.' },
  REPLACED: { label: 'Replaced', text: 'A newer invitation was sent: this link no longer works.' },
  WITHDRAWN: { label: 'Withdrawn', text: 'The invitation was withdrawn: this link no longer works.' },
  EXPIRED: { label: 'Expired', text: 'This link has expired: resend the invitation for a new one.' },
};

function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/**
 * Development only: the invitation emails the server recorded because no mail server is configured,
 * newest first, with their accept links so a tester can open them.
 */
export function MailOutboxCard({ mails }: { mails: OutboxMail[] }) {
  const [expanded, setExpanded] = useState(false);
  const toast = useToast();
  const sorted = [...mails].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const shown = expanded ? sorted : sorted.slice(0, COLLAPSED_COUNT);

  const copy = (link: string) => {
    if (!navigator.clipboard) return;
    void navigator.clipboard.writeText(link).then(
      () => toast({ title: 'Link copied', variant: 'success' }),
      () => undefined,
    );
  };

  return (
    <Card component="section" aria-labelledby="mail-outbox-title" sx={{ mt: 3, borderStyle: 'dashed' }}>
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, flexWrap: 'wrap' }}>
          <OutboxIcon color="secondary" />
          <Typography id="mail-outbox-title" variant="h3" component="h2">
            Development mail outbox
          </Typography>
          <Chip label="Dev only" size="small" variant="outlined" color="secondary" sx={{ fontWeight: 600 }} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          No mail server is configured, so invitation emails are kept here. Open a live link in a private
          window to accept it as the invitee; used, replaced and withdrawn links say so.
        </Typography>
      </CardContent>
      {sorted.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2.5 }}>
          No invitation emails yet.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {shown.map((mail) => (
            <Fragment key={mail.id}>
              <Divider component="li" aria-hidden />
              <Box component="li" sx={{ px: 2, py: 1.5 }} data-testid="outbox-mail">
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, fontSize: fontSizes.body }}>{mail.subject}</Typography>
                    <Typography sx={{ fontSize: fontSizes.small, color: 'text.secondary' }}>
                      To {mail.to}
                      {when(mail.createdAt) ? ` · ${when(mail.createdAt)}` : ''}
                    </Typography>
                  </Box>
                  {mail.linkState && LINK_STATES[mail.linkState] ? (
                    <Chip
                      size="small"
                      label={LINK_STATES[mail.linkState]?.label}
                      data-testid="outbox-link-state"
                      sx={{ fontWeight: 600, alignSelf: 'center' }}
                    />
                  ) : mail.link ? (
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                      <Tooltip title="Copy link">
                        <IconButton
                          size="small"
                          onClick={() => copy(mail.link ?? '')}
                          aria-label={`Copy link for ${mail.to}`}
                        >
                          <CopyIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Button
                        size="small"
                        variant="outlined"
                        href={mail.link}
                        target="_blank"
                        rel="noopener noreferrer"
                        endIcon={<OpenIcon fontSize="small" />}
                      >
                        Open link
                      </Button>
                    </Box>
                  ) : null}
                </Box>
                {mail.linkState && LINK_STATES[mail.linkState] ? (
                  <Typography sx={{ mt: 1, fontSize: fontSizes.small, color: 'text.secondary' }}>
                    {LINK_STATES[mail.linkState]?.text}
                  </Typography>
                ) : mail.link ? (
                  <Typography
                    component="a"
                    href={mail.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    sx={{
                      display: 'block',
                      mt: 1,
                      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                      fontSize: fontSizes.caption,
                      color: 'primary.main',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {mail.link}
                  </Typography>
                ) : null}
              </Box>
            </Fragment>
          ))}
        </Box>
      )}
      {sorted.length > COLLAPSED_COUNT ? (
        <>
          <Divider />
          <Box sx={{ px: 1, py: 0.5 }}>
            <Button size="small" onClick={() => setExpanded((v) => !v)}>
              {expanded ? 'Show fewer' : `Show all ${sorted.length}`}
            </Button>
          </Box>
        </>
      ) : null}
    </Card>
  );
}
