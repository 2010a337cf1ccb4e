// The resource and value names probe knows how to find, with what each means. A test checks that every name the
// catalogue uses is here, so a case using a new value name fails until probe can produce it.

/** Logical resource names the cases use, and what probe looks for. */
export const PROBE_RESOURCES: Readonly<Record<string, string>> = Object.freeze({
  courses: 'a public resource with enough rows, text columns with repeated values and a numeric column (most cases use it)',
  measurements: 'a second public resource with records',
  staff: 'a private resource (refused anonymously, opened by the token)',
  typeSamples: "the bundled fixtures' table of every column type (its cases check exact fixture values)",
});

/** Value names the cases use, and what each is. */
export const PROBE_VALUES: Readonly<Record<string, string>> = Object.freeze({
  rowCount: 'the number of records of resources.courses (its total)',
  textField: 'a text column of resources.courses with mostly distinct values',
  categoryField: 'a text column of resources.courses with a few repeated values',
  categoryValue: 'a value of categoryField in several records',
  otherCategoryValue: 'another value of categoryField',
  categoryValues: 'categoryValue and otherCategoryValue as a list',
  secondField: 'another text column with a value that co-occurs with categoryValue',
  secondValue: 'a value of secondField in some (not all) records that have categoryValue',
  numericField: 'a numeric column of resources.courses (sorting)',
  numericValue: 'a value of numericField (a number) in some records, no more than a page of them',
  numericText: 'numericValue written as text (e.g. "600"): a filter with it matches the records the number does',
  arrayField: 'an array column of resources.courses',
  arrayValue: 'one whole value of arrayField that a filter with that list finds',
  searchWord: 'a word in a few records of resources.courses (full-text q); every record q answers contains it',
  searchWordUpper: 'searchWord in upper case; q with it matches the same records',
  secondSearchWord: 'a word in some (not all) records containing searchWord; q with both matches only records holding both',
  absentWord: 'a word in no record',
  stemWord: 'an inflected word that q matches through stemming, with records holding its other forms',
  stemText: 'text every record matched by q=stemWord contains (the part the forms share)',
  searchPrefix: 'the first letters of a word, not a word itself: q "prefix:*" with plain=false matches, plain q does not',
  likePattern: 'an SQL LIKE pattern on textField matching some records, whose word other records write in another letter case',
  likeOtherCase: 'likePattern with its word as those other records write it (%Rain% for %rain%): LIKE matches only them',
  infixText: 'case-sensitive text inside some textField values and at the start of none (SQL LIKE)',
  coursesAlias: 'a DataStore alias of resources.courses',
  privateField: 'a text column of resources.staff',
  rowsDefault: "the site's ckan.datastore.search.rows_default: the page size without a limit (100 unless the profile says)",
  rowsMax: "the site's ckan.datastore.search.rows_max: the largest page (32000 unless the profile says)",
});

/** Resources probe never picks on other data, and why (written as the reason they are left out). */
export const FIXTURE_ONLY_RESOURCES: Readonly<Record<string, string>> = Object.freeze({
  typeSamples: 'specific to the bundled fixtures (its cases check the exact columns and values of type-samples.csv)',
});
