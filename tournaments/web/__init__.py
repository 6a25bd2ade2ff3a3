"""The tournaments app on the web: views, forms, urls and the page hooks it answers."""
