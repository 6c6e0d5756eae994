/**
 * Reading a PDF's fonts back, for the tests of every PDF drawn in the kit's fonts (the kit's own
 * and the services' exports): written once so that both ask the same questions of the file.
 */
import { execFileSync } from 'node:child_process';

/** Whether poppler's pdftotext is installed: the tests that read a PDF with it skip without it. */
export function hasPdftotext(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The /BaseFont of every font in the file (font dictionaries are not compressed). */
export const baseFonts = (bytes: Buffer): string[] =>
  [...new Set(bytes.toString('latin1').match(/\/BaseFont \/[^\s/>]+/g) ?? [])].map((m) => m.slice(11));
