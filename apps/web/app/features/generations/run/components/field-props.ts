import type { ParameterDefinition, ParamValue } from '@kadr/catalog';

/** What every parameter control takes: `ParameterField` and the controls it hands a parameter to. */
export type FieldProps = {
  def: ParameterDefinition;
  value: ParamValue;
  /** Every value of the form, for limits that depend on another parameter. */
  values: Readonly<Record<string, ParamValue>>;
  error?: string;
  onChange: (value: ParamValue) => void;
  onUploadingChange: (uploading: boolean) => void;
};
