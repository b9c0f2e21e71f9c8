print("gemnav")
