import { useEffect, useRef, useState } from 'react';
import TextField from '@mui/material/TextField';

/** How long typing pauses before a typed date becomes the report's (a year typed digit by digit is 0002, 0020, 0202, 2026). */
export const DATE_FILTER_DELAY_MS = 700;

export interface DateFilterFieldProps {
  label: string;
  /** The filter's date (YYYY-MM-DD) as the address has it. */
  value: string | undefined;
  /** The date the field settled on: after a pause in typing, on Enter or on leaving the field. */
  onCommit: (value: string | undefined) => void;
  error?: boolean;
  helperText?: string;
  min?: string;
}

/**
 * A date of a report's custom range. The field owns what is typed, and the report follows once the
 * typing pauses: keyboard entry passes through dates nobody meant (each digit of a year is a whole
 * date to the browser), each of which would read a report. A value that changes from outside (Back,
 * a link) replaces the text.
 */
export function DateFilterField({ label, value, onCommit, error, helperText, min }: DateFilterFieldProps) {
  const [draft, setDraft] = useState(value ?? '');
  const committed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    clearTimeout(timer.current);
    setDraft(value ?? '');
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (text: string) => {
    clearTimeout(timer.current);
    const next = text || undefined;
    if (next === committed.current) return;
    committed.current = next;
    onCommit(next);
  };

  return (
    <TextField
      size="small"
      type="date"
      label={label}
      value={draft}
      onChange={(event) => {
        const text = event.target.value;
        setDraft(text);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(text), DATE_FILTER_DELAY_MS);
      }}
      onBlur={() => commit(draft)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(draft);
      }}
      error={error}
      helperText={helperText}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min } }}
    />
  );
}
