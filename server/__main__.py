from server.main import main

main()
