// What a channel format sets on the form's model (issue #49): the catalogue's fitting, fetched at
// the first sign of use, apart from the formats' names the first load shows.
export { fitFormat } from '@kadr/catalog';
