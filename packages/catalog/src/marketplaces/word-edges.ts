// Word edges for Cyrillic and Latin alike: JavaScript's \b knows only ASCII letters. Put `before`
// in front of a pattern and `after` behind it to match whole words (the card rules, the callouts).
export const before = '(?<![\\p{L}\\p{N}])';
export const after = '(?![\\p{L}\\p{N}])';
