from client.terminal import main

main()
