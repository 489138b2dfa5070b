// The field set bound to a useSchemaForm form: MUI inputs showing their field's error (translated,
// see fieldErrorText) in place of the helper text. A change clears the field's error, as the
// dialogs always did; the form is checked again when it is submitted.
import type { ComponentType, ReactNode } from 'react';
import Checkbox, { type CheckboxProps } from '@mui/material/Checkbox';
import FormControlLabel, { type FormControlLabelProps } from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Switch, { type SwitchProps } from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dollarSign, zeroAmount } from '../intl';
import { fieldErrorText } from './field-error-text';
import { lengthHint } from './length-hint';

/* eslint-disable @typescript-eslint/no-explicit-any -- any form, whatever its output type */
type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

interface BoundProps<T extends FieldValues> {
  form: AnyForm<T>;
  name: FieldPath<T>;
  /** Called after the field took a new value (e.g. to clear a message about the whole form). */
  onValueChange?: (value: unknown) => void;
}

/** The field's value, onChange that clears its error, and its error text. */
function useBoundField<T extends FieldValues>({ form, name, onValueChange }: BoundProps<T>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control: form.control, name });
  const onChange = (value: unknown) => {
    field.onChange(value);
    if (form.getFieldState(name).error) form.clearErrors(name);
    onValueChange?.(value);
  };
  return { field, fieldState, onChange, error: fieldErrorText(fieldState.error?.message, t) };
}

type TextProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'defaultValue'>;

export type FormTextFieldProps<T extends FieldValues> = BoundProps<T> &
  TextProps & {
    /** The text shown for the field's value (default: the value, '' for null/undefined). */
    format?: (value: unknown) => string;
    /** The value stored for the text typed (default: the text). */
    parse?: (text: string) => unknown;
    /** false: an error only marks the field (the form says why elsewhere, e.g. in a toast). */
    showErrorText?: boolean;
    /** The input to render (default MUI's TextField), e.g. a password field with a show/hide toggle. */
    as?: ComponentType<TextFieldProps>;
  };

const asText = (value: unknown) => (value == null ? '' : String(value));


/** A TextField (text, e-mail, password, number, multiline) bound to a field. */
export function FormTextField<T extends FieldValues>({
  form,
  name,
  onValueChange,
  format = asText,
  parse,
  showErrorText = true,
  as: Input = TextField,
  helperText,
  inputRef,
  ...props
}: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  const { field, fieldState, onChange, error } = useBoundField({ form, name, onValueChange });
  const text = format(field.value);
  const htmlInput = props.slotProps?.htmlInput;
  const hint = lengthHint(text.length, htmlInput && typeof htmlInput === 'object' ? (htmlInput as { maxLength?: unknown }).maxLength : undefined);
  return (
    <Input
      {...props}
      name={field.name}
      value={text}
      onChange={(event) => onChange(parse ? parse(event.target.value) : event.target.value)}
      onBlur={field.onBlur}
      inputRef={inputRef ?? field.ref}
      error={Boolean(fieldState.error)}
      helperText={(showErrorText && error) || (hint && t(hint.key, { count: hint.count })) || helperText}
    />
  );
}

export type FormAmountFieldProps<T extends FieldValues> = Omit<FormTextFieldProps<T>, 'format' | 'parse' | 'type'> & { testId?: string };

/**
 * An amount of US dollars typed as the interface language writes it ("1.250,50", "1,250.50"): the
 * dollar sign and the 0,00 hint in that language. The form's schema reads the text with
 * typedMoneyAmount (shared/schemas.ts, see mappedSchema), so the field's errors are the parser's.
 */
export function FormAmountField<T extends FieldValues>({ testId, slotProps, ...props }: FormAmountFieldProps<T>) {
  const { i18n } = useTranslation();
  return (
    <FormTextField
      placeholder={zeroAmount(i18n.language)}
      {...props}
      slotProps={{
        ...slotProps,
        // "US$ 99.999.999,99" and spaces fit; anything longer is no amount the API takes.
        htmlInput: { inputMode: 'decimal', maxLength: 24, autoComplete: 'off', 'data-testid': testId, ...slotProps?.htmlInput },
        input: { startAdornment: <InputAdornment position="start">{dollarSign(i18n.language)}</InputAdornment>, ...slotProps?.input },
      }}
    />
  );
}

export type FormSelectProps<T extends FieldValues> = FormTextFieldProps<T> & { children: ReactNode };

/** A select (TextField select with MenuItem children) bound to a field. */
export function FormSelect<T extends FieldValues>({ children, ...props }: FormSelectProps<T>) {
  return (
    <FormTextField {...props} select>
      {children}
    </FormTextField>
  );
}

export type FormDateFieldProps<T extends FieldValues> = FormTextFieldProps<T> & {
  /** The browser's picker: a day (YYYY-MM-DD), a local date and time, or a time of day. */
  type?: 'date' | 'datetime-local' | 'time';
};

/** A date / date-time / time input bound to a field (its label always above the value). */
export function FormDateField<T extends FieldValues>({ type = 'date', slotProps, ...props }: FormDateFieldProps<T>) {
  return <FormTextField {...props} type={type} slotProps={{ ...slotProps, inputLabel: { shrink: true, ...slotProps?.inputLabel } }} />;
}

export type FormSwitchProps<T extends FieldValues> = BoundProps<T> & {
  label: ReactNode;
  helperText?: ReactNode;
  disabled?: boolean;
  switchProps?: Omit<SwitchProps, 'checked' | 'onChange' | 'name'>;
  labelProps?: Omit<FormControlLabelProps, 'control' | 'label' | 'disabled'>;
};

/** A Switch with its label bound to a boolean field. */
export function FormSwitch<T extends FieldValues>({ form, name, onValueChange, label, helperText, disabled, switchProps, labelProps }: FormSwitchProps<T>) {
  const { field, onChange, error } = useBoundField({ form, name, onValueChange });
  const help = error ?? helperText;
  return (
    <>
      <FormControlLabel
        {...labelProps}
        disabled={disabled}
        label={label}
        control={<Switch {...switchProps} name={field.name} checked={Boolean(field.value)} onChange={(event) => onChange(event.target.checked)} onBlur={field.onBlur} />}
      />
      {help && <FormHelperText error={Boolean(error)}>{help}</FormHelperText>}
    </>
  );
}

export type FormCheckboxProps<T extends FieldValues> = BoundProps<T> & {
  label: ReactNode;
  disabled?: boolean;
  checkboxProps?: Omit<CheckboxProps, 'checked' | 'onChange' | 'name'>;
};

/** A Checkbox with its label bound to a boolean field. */
export function FormCheckbox<T extends FieldValues>({ form, name, onValueChange, label, disabled, checkboxProps }: FormCheckboxProps<T>) {
  const { field, onChange } = useBoundField({ form, name, onValueChange });
  return (
    <FormControlLabel
      disabled={disabled}
      label={label}
      control={<Checkbox {...checkboxProps} name={field.name} checked={Boolean(field.value)} onChange={(event) => onChange(event.target.checked)} onBlur={field.onBlur} />}
    />
  );
}
