/**
 * Importing contacts from a CSV file (the export's columns name;number;email): the file is read in
 * the browser and previewed row by row with the rules the server applies (shared), the rows go to
 * POST /contacts/import/csv, and the server's answer is shown as a summary with the rows it left out.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  checkContactImportRows,
  CONTACT_IMPORT_MAX_ROWS,
  contactRowsFromCsv,
  DUPLICATED_IN_FILE,
  parseCsv,
  type ContactCsvImportInput,
  type ContactCsvImportResult,
  type ContactImportRowError,
} from '@switchboard/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportContactsCsv } from '../../api/contacts';
import { useToast } from '../../components/Toasts';
import { useFieldMessage } from '../../components/useFieldMessage';

/** Rows shown in the preview; the summary counts them all. */
const PREVIEW_ROWS = 100;

type Loaded =
  | { kind: 'loading' }
  | { kind: 'unreadable' }
  | { kind: 'missingColumns'; columns: string[] }
  | { kind: 'rows'; rows: ContactCsvImportInput['rows'] };

/** The file's text (UTF-8); FileReader rather than File.text() reaches older browsers too. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file, 'utf-8');
  });
}

/** The file's line of a row: the header is line 1. */
const lineOf = (row: number) => row + 2;

export function CsvImportDialog({ file, onClose }: { file: File; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const fieldMessage = useFieldMessage();
  const importCsv = useImportContactsCsv();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [result, setResult] = useState<ContactCsvImportResult | null>(null);

  useEffect(() => {
    let current = true;
    readText(file).then(
      (text) => {
        if (!current) return;
        const { rows, missingColumns } = contactRowsFromCsv(parseCsv(text));
        setLoaded(missingColumns.length ? { kind: 'missingColumns', columns: missingColumns } : { kind: 'rows', rows });
      },
      () => current && setLoaded({ kind: 'unreadable' }),
    );
    return () => {
      current = false;
    };
  }, [file]);

  const rows = useMemo(() => (loaded.kind === 'rows' ? loaded.rows : []), [loaded]);
  const check = useMemo(() => checkContactImportRows(rows), [rows]);
  const errorByRow = useMemo(() => new Map((result?.errors ?? check.errors).map((e) => [e.row, e])), [result, check]);
  const tooMany = rows.length > CONTACT_IMPORT_MAX_ROWS;
  const message = (e: ContactImportRowError) =>
    `${t(`contacts.columns.${e.field}`)}: ${e.message === DUPLICATED_IN_FILE ? t('contacts.csvImport.duplicated') : fieldMessage(e.message)}`;

  const submit = () =>
    importCsv.mutateAsync(rows).then((answer) => {
      setResult(answer);
      toast.success(t('contacts.csvImport.done', { imported: answer.imported, existing: answer.existing, failed: answer.errors.length }));
    }, toast.error);

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="csv-import-dialog">
      <DialogTitle>{t('contacts.csvImport.title', { file: file.name })}</DialogTitle>
      <DialogContent dividers>
        {loaded.kind === 'loading' && <CircularProgress size={24} />}
        {loaded.kind === 'unreadable' && <Alert severity="error">{t('contacts.csvImport.unreadable')}</Alert>}
        {loaded.kind === 'missingColumns' && (
          <Alert severity="error" data-testid="csv-import-columns">
            {t('contacts.csvImport.missingColumns', { columns: loaded.columns.join(', ') })}
          </Alert>
        )}
        {loaded.kind === 'rows' && rows.length === 0 && <Alert severity="warning">{t('contacts.csvImport.empty')}</Alert>}
        {tooMany && <Alert severity="error">{t('contacts.csvImport.tooMany', { max: CONTACT_IMPORT_MAX_ROWS })}</Alert>}
        {rows.length > 0 && (
          <>
            {result ? (
              <Alert severity={result.errors.length ? 'warning' : 'success'} sx={{ mb: 2 }} data-testid="csv-import-result">
                {t('contacts.csvImport.done', { imported: result.imported, existing: result.existing, failed: result.errors.length })}
              </Alert>
            ) : (
              <Alert severity={check.errors.length ? 'warning' : 'info'} sx={{ mb: 2 }} data-testid="csv-import-summary">
                {t('contacts.csvImport.ready', { valid: check.valid.length, total: rows.length })}
                {check.errors.length > 0 && ` ${t('contacts.csvImport.leftOut', { count: check.errors.length })}`}
              </Alert>
            )}
            <Table size="small" data-testid="csv-import-preview">
              <TableHead>
                <TableRow>
                  <TableCell>{t('contacts.csvImport.line')}</TableCell>
                  <TableCell>{t('contacts.columns.name')}</TableCell>
                  <TableCell>{t('contacts.columns.number')}</TableCell>
                  <TableCell>{t('contacts.columns.email')}</TableCell>
                  <TableCell>{t('contacts.csvImport.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.slice(0, PREVIEW_ROWS).map((row, i) => {
                  const error = errorByRow.get(i);
                  return (
                    <TableRow key={i} data-testid={`csv-import-row-${lineOf(i)}`}>
                      <TableCell>{lineOf(i)}</TableCell>
                      <TableCell>{row.name}</TableCell>
                      <TableCell>{row.number}</TableCell>
                      <TableCell>{row.email}</TableCell>
                      <TableCell sx={{ color: error ? 'error.main' : 'success.main' }}>
                        {error ? message(error) : t('contacts.csvImport.ok')}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            {rows.length > PREVIEW_ROWS && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('contacts.csvImport.more', { count: rows.length - PREVIEW_ROWS })}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="csv-import-close">
          {t('contacts.csvImport.close')}
        </Button>
        {!result && (
          <Button
            variant="contained"
            disabled={check.valid.length === 0 || tooMany || importCsv.isPending}
            onClick={() => void submit()}
            data-testid="csv-import-submit"
          >
            {t('contacts.csvImport.submit', { count: check.valid.length })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
