// The class psycopg2 raises for a PostgreSQL error, by SQLSTATE: CKAN's SQL errors start with its qualified name,
// `(psycopg2.errors.UndefinedTable) ...`, as SQLAlchemy writes a DBAPI error. psycopg2.errors names each class
// after the condition name of PostgreSQL's errcodes.txt in CamelCase; the table holds the conditions a read-only
// SELECT can raise. A code not in it is named after its base class, as psycopg2 does for codes it does not know.

const conditions: Readonly<Record<string, string>> = {
  '0A000': 'FeatureNotSupported',
  '20000': 'CaseNotFound',
  '21000': 'CardinalityViolation',
  '22000': 'DataException',
  '22001': 'StringDataRightTruncation',
  '22003': 'NumericValueOutOfRange',
  '22004': 'NullValueNotAllowed',
  '22007': 'InvalidDatetimeFormat',
  '22008': 'DatetimeFieldOverflow',
  '22011': 'SubstringError',
  '22012': 'DivisionByZero',
  '22019': 'InvalidEscapeCharacter',
  '22021': 'CharacterNotInRepertoire',
  '22023': 'InvalidParameterValue',
  '22025': 'InvalidEscapeSequence',
  '2201B': 'InvalidRegularExpression',
  '2201E': 'InvalidArgumentForLogarithm',
  '2201F': 'InvalidArgumentForPowerFunction',
  '2201W': 'InvalidRowCountInLimitClause',
  '2201X': 'InvalidRowCountInResultOffsetClause',
  '2202E': 'ArraySubscriptError',
  '22P02': 'InvalidTextRepresentation',
  '22P05': 'UntranslatableCharacter',
  '3D000': 'InvalidCatalogName',
  '3F000': 'InvalidSchemaName',
  '42000': 'SyntaxErrorOrAccessRuleViolation',
  '42501': 'InsufficientPrivilege',
  '42601': 'SyntaxError',
  '42602': 'InvalidName',
  '42611': 'InvalidColumnDefinition',
  '42622': 'NameTooLong',
  '42701': 'DuplicateColumn',
  '42702': 'AmbiguousColumn',
  '42703': 'UndefinedColumn',
  '42704': 'UndefinedObject',
  '42712': 'DuplicateAlias',
  '42725': 'AmbiguousFunction',
  '42803': 'GroupingError',
  '42804': 'DatatypeMismatch',
  '42809': 'WrongObjectType',
  '42846': 'CannotCoerce',
  '42883': 'UndefinedFunction',
  '42939': 'ReservedName',
  '42P01': 'UndefinedTable',
  '42P02': 'UndefinedParameter',
  '42P08': 'AmbiguousParameter',
  '42P09': 'AmbiguousAlias',
  '42P10': 'InvalidColumnReference',
  '42P18': 'IndeterminateDatatype',
  '42P19': 'InvalidRecursion',
  '42P20': 'WindowingError',
  '42P21': 'CollationMismatch',
  '42P22': 'IndeterminateCollation',
  '54000': 'ProgramLimitExceeded',
  '54001': 'StatementTooComplex',
  '54023': 'TooManyArguments',
  '55000': 'ObjectNotInPrerequisiteState',
  '57014': 'QueryCanceled',
};

// psycopg2's DB-API base class of each SQLSTATE class (its base_exception_from_sqlstate)
const programmingClasses = new Set(['20', '21', '3D', '3F', '42', '44']);

function baseClass(sqlState: string): string {
  const errorClass = sqlState.slice(0, 2);
  if (programmingClasses.has(errorClass)) return 'ProgrammingError';
  if (errorClass === '22') return 'DataError';
  if (errorClass === '0A') return 'NotSupportedError';
  if (errorClass === '23') return 'IntegrityError';
  if (errorClass === '40') return 'TransactionRollbackError';
  if (errorClass.startsWith('5') || errorClass === 'HV' || ['26', '27', '28', '34'].includes(errorClass)) return 'OperationalError';
  return 'InternalError';
}

// SQLAlchemy's error codes, the last part of its "Background on this error" link, by DB-API class
const sqlalchemyCodes: Readonly<Record<string, string>> = {
  ProgrammingError: 'f405',
  DataError: '9h9h',
  NotSupportedError: 'tw8g',
  IntegrityError: 'gkpj',
  OperationalError: 'e3q8',
  TransactionRollbackError: 'e3q8',
  InternalError: '2j85',
};

/** SQLAlchemy's code for the error of a SQLSTATE (`f405` for a ProgrammingError). */
export function sqlalchemyErrorCode(sqlState: string): string {
  return sqlalchemyCodes[baseClass(sqlState)] ?? '2j85';
}

/** The qualified name SQLAlchemy shows for the psycopg2 error of a SQLSTATE: `psycopg2.errors.SyntaxError`. */
export function psycopgErrorName(sqlState: string): string {
  const condition = conditions[sqlState];
  return condition === undefined ? `psycopg2.${baseClass(sqlState)}` : `psycopg2.errors.${condition}`;
}
