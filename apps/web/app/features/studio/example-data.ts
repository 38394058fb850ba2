// The gallery's examples as the studio opens one (issue #49): the catalogue's, fetched only when
// the address names one or the Examples dialog opens (./examples.ts), not with the first load.
export { exampleById } from '@kadr/catalog';
