# `cmake --install`: the library's headers, its static and shared libraries, a CMake package
# (chess960Config.cmake, version file, targets chess960::...) and a pkg-config file. Component
# "library"; the `chess960` command is component "cli".
include(CMakePackageConfigHelpers)

set(CHESS960_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/chess960)

set_target_properties(chess960 PROPERTIES EXPORT_NAME chess960)
set_target_properties(chess960_shared PROPERTIES EXPORT_NAME chess960_shared)
install(TARGETS chess960_core chess960_notation chess960_game chess960
                chess960_core_shared chess960_notation_shared chess960_game_shared chess960_shared
        EXPORT chess960Targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT library
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT library
                NAMELINK_COMPONENT library
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT library
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
foreach(layer core notation game)
  install(DIRECTORY include/${layer}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
          COMPONENT library FILES_MATCHING PATTERN "*.hpp")
endforeach()
install(DIRECTORY ${CHESS960_GENERATED_INCLUDE}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        COMPONENT library FILES_MATCHING PATTERN "*.hpp")

install(EXPORT chess960Targets NAMESPACE chess960:: DESTINATION ${CHESS960_CMAKE_DIR}
        COMPONENT library)
configure_package_config_file(cmake/chess960Config.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/chess960Config.cmake
                              INSTALL_DESTINATION ${CHESS960_CMAKE_DIR})
# Before 1.0 a minor version may change the API: only the same minor version is compatible.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/chess960ConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/chess960Config.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/chess960ConfigVersion.cmake
        DESTINATION ${CHESS960_CMAKE_DIR} COMPONENT library)

configure_file(cmake/chess960.pc.in ${CMAKE_CURRENT_BINARY_DIR}/chess960.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/chess960.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT library)
