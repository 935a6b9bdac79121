import { useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { ApiError } from '@redaktion/shared/client';
import { useAdminT } from '../i18n';

/**
 * Admin forms validate with the same zod schema the server uses (shared/), show the schema's message under
 * each field, and show the server's field messages when it refuses. `values` hold what the inputs show
 * (strings, numbers, booleans); `submit` hands the parsed body to `send` only when the schema accepts it.
 */
export function useSchemaForm<S extends z.ZodType, V extends Record<string, unknown>>(schema: S, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    // A list field's row messages (chapters.1.title) go with it: a removed row would leave them on the next one.
    setErrors((current) => {
      const kept = Object.entries(current).filter(([key]) => key !== name && !key.startsWith(`${String(name)}.`));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  };

  /** Parses with the schema; on failure shows the first message of each field and returns null. */
  const validate = (extra: Partial<Record<string, unknown>> = {}): z.output<S> | null => {
    const result = schema.safeParse({ ...values, ...extra });
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(messagesByField(result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))));
    return null;
  };

  /** Runs `send` with the parsed body; a refusal's field messages land under the fields and the error is rethrown. */
  const submit = async <R,>(send: (body: z.output<S>) => Promise<R>, extra?: Partial<Record<string, unknown>>): Promise<R | null> => {
    const body = validate(extra);
    if (body === null) return null;
    setBusy(true);
    try {
      return await send(body);
    } catch (error) {
      if (error instanceof ApiError && error.issues.length) setErrors(messagesByField(error.issues));
      throw error;
    } finally {
      setBusy(false);
    }
  };

  return { values, set, setValues, errors, setErrors, validate, submit, busy, reset: () => { setValues(initial); setErrors({}); } };
}

/**
 * The first message of each field under its name; one about a part of a field (a list's row: chapters.1.startTime)
 * under its whole path as well, so that the row can show it.
 */
function messagesByField(issues: readonly { path: string; message: string }[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const { path, message } of issues) {
    byField[path.split('.')[0] ?? ''] ??= message;
    if (path.includes('.')) byField[path] ??= message;
  }
  return byField;
}

export type SchemaForm<V extends Record<string, unknown>> = ReturnType<typeof useSchemaForm<z.ZodType, V>>;

interface FieldFrame { label: string; error?: string; hint?: ReactNode; children: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode }

/** A label, the control, its hint and its error, tied together for assistive technology. */
export function FormField({ label, error, hint, children }: FieldFrame) {
  const t = useAdminT();
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && <p className="field-hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="field-error" id={`${id}-error`}>{t.message(error)}</p>}
    </div>
  );
}

type Common = { label: string; error?: string; hint?: ReactNode; disabled?: boolean };

export function TextInput({ value, onChange, type = 'text', placeholder, ...frame }: Common & {
  value: string; onChange(value: string): void; type?: 'text' | 'email' | 'url' | 'date' | 'datetime-local'; placeholder?: string;
}) {
  return (
    <FormField {...frame}>
      {(props) => <input {...props} type={type} value={value} placeholder={placeholder} disabled={frame.disabled}
        onChange={(event) => onChange(event.target.value)} />}
    </FormField>
  );
}

export function NumberInput({ value, onChange, min, max, ...frame }: Common & {
  value: number | string; onChange(value: number | string): void; min?: number; max?: number;
}) {
  return (
    <FormField {...frame}>
      {(props) => <input {...props} type="number" inputMode="numeric" value={value} min={min} max={max} disabled={frame.disabled}
        onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))} />}
    </FormField>
  );
}

export function TextArea({ value, onChange, rows = 4, ...frame }: Common & { value: string; onChange(value: string): void; rows?: number }) {
  return (
    <FormField {...frame}>
      {(props) => <textarea {...props} rows={rows} value={value} disabled={frame.disabled} onChange={(event) => onChange(event.target.value)} />}
    </FormField>
  );
}

export function Select<T extends string>({ value, onChange, options, ...frame }: Common & {
  value: T | ''; onChange(value: T): void; options: readonly { value: T | ''; label: string }[];
}) {
  return (
    <FormField {...frame}>
      {(props) => (
        <select {...props} value={value} disabled={frame.disabled} onChange={(event) => onChange(event.target.value as T)}>
          {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </select>
      )}
    </FormField>
  );
}

/** An on/off switch (role="switch") with its label and an optional hint. */
export function Switch({ label, checked, onChange, hint, disabled }: { label: string; checked: boolean; onChange(value: boolean): void; hint?: ReactNode; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="admin-switch-row">
      <div>
        <span id={`${id}-label`} className="setting-label">{label}</span>
        {hint && <p className="field-hint" id={`${id}-hint`}>{hint}</p>}
      </div>
      <button type="button" role="switch" className="switch" aria-checked={checked} aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined} disabled={disabled} onClick={() => onChange(!checked)}>
        <span className="switch-thumb" aria-hidden="true" />
      </button>
    </div>
  );
}
