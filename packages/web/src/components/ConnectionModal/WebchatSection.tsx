/**
 * Website widget settings of a webchat connection: the sites allowed to show it (one per line),
 * its colour, whether it asks the visitor's name and e-mail, and — once saved — the script tag
 * to paste into the site.
 */
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../CopyableCode';
import { useFieldMessage } from '../useFieldMessage';
import { FormSwitch, FormText, type ConnectionControl } from './fields';

/** The script tag a website embeds; the server is the origin this app is served from. */
export function widgetSnippet(origin: string, publicKey: string): string {
  return `<script src="${origin}/widget.js" data-channel="${publicKey}" async></script>`;
}

function SitesField({ control }: { control: ConnectionControl }) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const { errors } = useFormState({ control, name: 'webchat.allowedSites' });
  // The list's own error, or the first of its lines' errors (an array of them).
  const siteErrors: unknown = errors.webchat?.allowedSites;
  const messages = (Array.isArray(siteErrors) ? siteErrors : [siteErrors]) as ({ message?: string } | undefined)[];
  const first = messages.find((e) => e?.message)?.message;
  return (
    <Controller
      control={control}
      name="webchat.allowedSites"
      render={({ field }) => (
        <SitesText
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={t('connections.webchat.allowedSites')}
          helper={message(first) ?? t('connections.webchat.allowedSitesHint')}
          error={!!first}
        />
      )}
    />
  );
}

/** A text area over a list: the lines as typed stay on screen, the list holds the non-empty ones. */
function SitesText(props: {
  value: string[];
  onChange: (sites: string[]) => void;
  onBlur: () => void;
  label: string;
  helper: string;
  error: boolean;
}) {
  const [text, setText] = useState(props.value.join('\n'));
  const [shown, setShown] = useState(props.value);
  // A reset of the form (the connection loaded) replaces what is typed.
  if (shown !== props.value && props.value.join('\n') !== splitSites(text).join('\n')) {
    setShown(props.value);
    setText(props.value.join('\n'));
  }
  return (
    <TextField
      fullWidth
      multiline
      minRows={2}
      label={props.label}
      value={text}
      error={props.error}
      helperText={props.helper}
      onBlur={props.onBlur}
      onChange={(e) => {
        setText(e.target.value);
        const sites = splitSites(e.target.value);
        setShown(sites);
        props.onChange(sites);
      }}
      slotProps={{ htmlInput: { 'data-testid': 'connection-webchat-sites' } }}
    />
  );
}

const splitSites = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

export function WebchatSection({ control, publicKey }: { control: ConnectionControl; publicKey?: string }) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <SitesField control={control} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormText control={control} name="webchat.color" type="color" label={t('connections.webchat.color')} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 8 }}>
        <FormSwitch control={control} name="webchat.askContact" label={t('connections.webchat.askContact')} />
      </Grid>
      <Grid size={12}>
        {publicKey ? (
          <>
            <Typography variant="body2">{t('connections.webchat.snippetHint')}</Typography>
            <CopyableCode code={widgetSnippet(window.location.origin, publicKey)} testId="connection-webchat-snippet" />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('connections.webchat.snippetAfterSave')}
          </Typography>
        )}
      </Grid>
    </Grid>
  );
}
