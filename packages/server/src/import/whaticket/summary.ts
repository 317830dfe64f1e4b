/** The import's summary as printed at the end of a run. */
import type { ImportResult } from './importer.js';

export function summaryText(result: ImportResult): string {
  const lines = [
    `${result.dryRun ? 'Dry run — nothing was written. ' : ''}Source: ${result.survey.variant}${result.sourceTimeZone ? `, times read as UTC${result.sourceTimeZone === 'Z' ? '' : result.sourceTimeZone}` : ''}`,
    ...Object.entries(result.tables).map(
      ([t, s]) =>
        `  ${t.padEnd(20)} ${result.dryRun ? 'would import' : 'imported'} ${s.imported}, already here ${s.already}, skipped ${s.skipped}`,
    ),
  ];
  if (result.survey.missingTables.length) lines.push(`Not in the source: ${result.survey.missingTables.join(', ')}`);
  if (result.survey.unknownColumns.length) lines.push(`Unknown columns (not imported): ${result.survey.unknownColumns.join(', ')}`);
  if (result.survey.otherTables.length) lines.push(`Tables not carried over: ${result.survey.otherTables.join(', ')}`);
  for (const c of result.settingChoices) {
    const outcome = c.taken
      ? result.dryRun
        ? 'would be taken (--take-setting)'
        : 'taken (--take-setting)'
      : `kept; --take-setting ${c.key} takes the source's`;
    lines.push(`  security setting ${c.key}: ${c.current} → ${c.incoming}: ${outcome}`);
  }
  for (const note of result.notes.slice(0, 20)) lines.push(`  note: ${note}`);
  if (result.notes.length > 20) lines.push(`  … and ${result.notes.length - 20} more notes in the report`);
  for (const c of result.changed.slice(0, 20)) lines.push(`  changed ${c.table} ${c.id} ${c.field}: ${c.reason}`);
  if (result.changed.length > 20) lines.push(`  … and ${result.changed.length - 20} more changed values in the report`);
  for (const s of result.skipped.slice(0, 20)) lines.push(`  skipped ${s.table} ${s.id}: ${s.reason}`);
  if (result.skipped.length > 20) lines.push(`  … and ${result.skipped.length - 20} more skipped rows in the report`);
  return lines.join('\n');
}
