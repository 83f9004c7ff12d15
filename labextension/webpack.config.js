// Module ids named by path relative to this folder, not hashed from absolute paths: the build is the same in every
// checkout, so a rebuild of unchanged source changes no file.
module.exports = { optimization: { moduleIds: 'named' } };
