// Where the page's table finds its Python. The book build ships this file as it is (no runtime: the table says
// so); book/lite/build_lite.py, which builds the in-browser Python, replaces it in the built book with the
// runtime's folder (from the book's root) and the deerbook wheel's file name.
export const runtime = null;
