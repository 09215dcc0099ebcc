import ExcelJS from 'exceljs';
import { TextCollector, type ExtractedText } from './extract-limits.js';
import { readZipEntries } from './zip-entries.js';

/** One cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function cellText(cell: ExcelJS.Cell): string {
  // A date's own text is Date#toString ("Tue Mar 05 2024 01:00:00 GMT+0100"); the model reads ISO better.
  if (cell.value instanceof Date) return cell.value.toISOString().replace('T00:00:00.000Z', '');
  return cell.text;
}

/**
 * The text of an Excel workbook (exceljs): each sheet under its name, its rows as CSV lines.
 * Legacy .xls files are not read (no maintained reader on npm): they attach without text.
 */
export async function extractXlsxText(buffer: Buffer): Promise<ExtractedText> {
  await readZipEntries(buffer);
  const workbook = new ExcelJS.Workbook();
  // exceljs's load takes its own Buffer type, narrower than Node's since TypeScript 5.7.
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const collected = new TextCollector();
  for (const sheet of workbook.worksheets) {
    if (collected.isFull) break;
    collected.add(`## Sheet: ${sheet.name}\n`);
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (collected.isFull) return;
      const fields: string[] = [];
      for (let column = 1; column <= row.cellCount; column += 1) fields.push(csvField(cellText(row.getCell(column))));
      collected.add(`${fields.join(',')}\n`);
    });
    collected.add('\n');
  }
  return collected.result(workbook.worksheets.length);
}
