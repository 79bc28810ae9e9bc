/* viewer.js: placeholder */
